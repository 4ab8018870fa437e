// A session that expires in the middle of a flow (interface doc, "Session check"): the
// suite notices through the keepalive and logs in again, instead of failing opaquely.
import { pagePath } from '../../contracts/index.js';
import { doc } from '../../coverage/sources.js';
import { expect, test } from './flows.fixture.js';

test.describe(
  'session expiry @write',
  {
    annotation: [
      doc('Errors', 'Session expired or absent on a protected endpoint | Redirect'),
      doc('Authentication, Login flow', 'The client stores the session cookies and sends them with every later request'),
    ],
  },
  () => {
    // Takes `mock`: a remote target cannot be told to expire a session, so it skips there.
    test('a create whose session expires before the post logs in again and stores the booking', async ({
      bookingForm,
      mock,
      bookings,
      browserSession,
    }) => {
      const { form, draft } = await bookingForm.fill('Flow session expiry', '16:00', '17:00');

      const loginsBefore = mock.logins;
      mock.expireSessions();
      expect(await browserSession.alive(), 'keepalive right after the mock expired every session').toBe(false);

      const outcome = await form.submit();
      expect(browserSession.relogins, 'logins again after the keepalive redirected').toBe(1);
      expect(mock.logins - loginsBefore, 'logins the mock saw').toBeGreaterThanOrEqual(1);
      expect(outcome, `submitCreateBookingForm: POST ${pagePath('submitCreateBookingForm')} after logging in again`).toMatchObject({
        kind: 'redirected',
      });
      expect(
        await bookings.find(draft.name, draft.start),
        'the booking in the grid (the API client logs in again on its own)',
      ).toBeDefined();
    });
  },
);

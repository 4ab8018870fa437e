// The quality gate's rule (allurerc.ts, run by `npm run report -- --quality-gate`): a failed
// result the report files under "Contract breaks" counts against it; drift, other failures
// and passing results do not. The messages are those the suite's errors carry.
import { expect, test } from '../../../fixtures/index.js';
import { isContractBreak } from '../../../reporting/report-options.js';

const failed = (message: string, trace = '') => ({ status: 'failed', error: { message, trace } });

test.describe('quality gate', () => {
  test('a contract break counts against the gate; drift and other failures do not', () => {
    expect(
      isContractBreak(
        failed(
          'ContractError: listRoomsForGrid: GET http://127.0.0.1/api/rooms/GetForHallGrid?id=42 → HTTP 200, body breaks the ' +
            'contract:\n✖ Invalid input\n  → at [0].rowNumber',
        ),
      ),
    ).toBe(true);
    expect(
      isContractBreak(
        failed(
          'UnexpectedStatusError: checkSession: GET http://127.0.0.1/api/Scheduler/HasJustLoggedIn → HTTP 500; the contract expects 200',
        ),
      ),
    ).toBe(true);
    expect(isContractBreak(failed('Error: boom', 'ContractError: listAllCustomers …\n    at HbClient.call'))).toBe(true);
    expect(
      isContractBreak({ status: 'broken', error: { message: 'ContractError: x: GET http://h/ → HTTP 200, body breaks the contract:' } }),
    ).toBe(true);

    expect(
      isContractBreak(
        failed(
          'DriftError: listBookingsForHallGrid: GET http://h/ → HTTP 200, unknown keys (HB_STRICT_CONTRACTS=true; the interface ' +
            'document does not name them):\n  ✖ $[].HallId',
        ),
      ),
    ).toBe(false);
    expect(
      isContractBreak(failed('DriftError: getTaxRates: GET http://h/ → HTTP 200, body left its baseline shape (contracts/baseline.json)')),
    ).toBe(false);
    expect(isContractBreak(failed('TransportError: checkSession: GET http://h/ → no HTTP answer (ECONNRESET)'))).toBe(false);
    expect(isContractBreak(failed('locator.click: Timeout 10000ms exceeded.'))).toBe(false);
    expect(isContractBreak({ status: 'passed' })).toBe(false);
    expect(isContractBreak({ status: 'skipped', error: { message: 'ContractError in a skip reason' } })).toBe(false);
  });
});

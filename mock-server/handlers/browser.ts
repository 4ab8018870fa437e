// Requests a browser makes on its own, which no test asks for and the interface document
// does not name: answered on purpose, so they never count as unhandled requests of a test.
import { HttpResponse, http } from 'msw';

export function browserHandlers() {
  // Browsers ask every origin for /favicon.ico (HTML, "rel=icon": the default icon);
  // the service's icon is not documented.
  return [http.get('/favicon.ico', () => new HttpResponse(null, { status: 404 }))];
}

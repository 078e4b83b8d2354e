import { json } from "@remix-run/node";
import { APP_API } from "~/devices/openapi";

/** GET /api/app/v1/openapi.json: the scanning app's API as OpenAPI 3.1 (no token needed). */
export function loader() {
  return json(APP_API, { headers: { "Cache-Control": "public, max-age=3600" } });
}

/**
 * The scanning app's API described as OpenAPI 3.1, served at /api/app/v1/openapi.json (README
 * "Linked devices and the app's API"). Kept beside the routes it describes; a test checks that
 * every route file under api.app.v1 is in it.
 */
const error = { $ref: "#/components/schemas/Error" };
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { description: DESCRIPTIONS[code], content: { "application/json": { schema: error } } }]));
const DESCRIPTIONS: Record<number, string> = {
  400: "invalid input (the message names the field)",
  401: "no valid bearer token (devices.notConnected)",
  403: "the device is not linked to this tournament (devices.notConnected)",
  404: "unknown connection code",
  405: "method not allowed",
  409: "code used, device already connected, or three devices linked",
  410: "connection code expired",
  413: "photo or request too large",
  429: "too many requests",
};

export const APP_API = {
  openapi: "3.1.0",
  info: {
    title: "Kiebitz scanning app API",
    version: "1",
    description:
      "Linked devices photograph score sheets at the boards. Errors are JSON `{ error, message }`, the message in English or, with `Accept-Language: de`, German. Live updates: socket.io on the same host (websocket transport, `auth: { token }`, event `focus` { eventId, tournamentId, roundId? }, event `update`).",
  },
  servers: [{ url: "/api/app/v1" }],
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "`{deviceId}.{secret}` as returned by POST /connect" } },
    schemas: {
      Error: { type: "object", required: ["error", "message"], properties: { error: { type: "string" }, message: { type: "string" } } },
      Pairing: { type: "object", properties: { board: { type: "integer" }, white: { type: ["string", "null"] }, black: { type: ["string", "null"] } } },
      Sheet: {
        type: "object",
        properties: {
          id: { type: "integer" },
          name: { type: "string" },
          state: { type: "string", enum: ["UPLOADING", "UPLOADED", "QUEUED", "SCANNING", "PROCESSED", "UNCONFIRMED", "ASSIGNED", "DONE"] },
          round: { type: ["integer", "null"] },
          board: { type: ["integer", "null"] },
          error: { type: ["string", "null"] },
          created: { type: "string", format: "date-time" },
        },
      },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    "/connect": {
      post: {
        summary: "Exchange a connection code for the device's identity and bearer token",
        security: [{}, { bearer: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["code", "deviceName", "deviceType"],
                properties: { code: { type: "string", maxLength: 32 }, deviceName: { type: "string", maxLength: 50 }, deviceType: { type: "string", maxLength: 30 } },
              },
            },
          },
        },
        responses: {
          "201": {
            description: "linked",
            content: {
              "application/json": {
                schema: { type: "object", properties: { deviceId: { type: "integer" }, token: { type: "string" }, tournament: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } } } },
              },
            },
          },
          ...errors(400, 404, 405, 409, 410, 429),
        },
      },
    },
    "/tournaments": {
      get: {
        summary: "The tournaments the device is linked to, with their rounds and pairings",
        responses: {
          "200": {
            description: "the device and its tournaments",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    device: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" }, type: { type: "string" } } },
                    tournaments: {
                      type: "array",
                      items: {
                        type: "object",
                        properties: {
                          id: { type: "integer" },
                          name: { type: "string" },
                          notation: { type: "string" },
                          rounds: { type: "array", items: { type: "object", properties: { round: { type: "integer" }, state: { type: "string" }, pairings: { type: "array", items: { $ref: "#/components/schemas/Pairing" } } } } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          ...errors(401, 429),
        },
      },
    },
    "/tournaments/{tid}": {
      parameters: [{ name: "tid", in: "path", required: true, schema: { type: "integer" } }],
      delete: { summary: "The device unlinks itself from the tournament", responses: { "200": { description: "unlinked" }, ...errors(401, 403, 405) } },
    },
    "/tournaments/{tid}/sheets": {
      parameters: [{ name: "tid", in: "path", required: true, schema: { type: "integer" } }],
      get: {
        summary: "The tournament's sheets and their states",
        responses: { "200": { description: "sheets", content: { "application/json": { schema: { type: "object", properties: { sheets: { type: "array", items: { $ref: "#/components/schemas/Sheet" } } } } } } }, ...errors(401, 403) },
      },
      post: {
        summary: "Upload photographed score sheets (JPEG)",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["photos", "consent"],
                properties: {
                  photos: { type: "array", items: { type: "string", format: "binary" }, description: "JPEG photos, one or many" },
                  consent: { type: "string", enum: ["on"], description: "consent to the processing of the uploaded images" },
                  notation: { type: "string", description: "notation language of the sheets (default: the tournament's)" },
                  round: { type: "integer", description: "when the arbiter knows it (counts as set by hand)" },
                  board: { type: "integer", description: "when the arbiter knows it" },
                },
              },
            },
          },
        },
        responses: {
          "201": { description: "stored, with duplicates and refused photos listed", content: { "application/json": { schema: { type: "object", properties: { report: { type: "object" } } } } } },
          ...errors(400, 401, 403, 405, 413, 429),
        },
      },
    },
  },
} as const;

import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { withoutCredentials } from "./logger";

describe("a log line's fields", () => {
  it("censor cookie, set-cookie and authorization at any depth, leaving the caller's objects", () => {
    const headers = { Cookie: "admin_session=abc", "content-type": "text/html" };
    const fields = {
      reqId: "r1",
      upstream: {
        reply: { headers, "Set-Cookie": ["a=b"] },
        list: [{ authorization: "Bearer x" }],
      },
    };
    expect(withoutCredentials(fields)).toEqual({
      reqId: "r1",
      upstream: {
        reply: {
          headers: { Cookie: "[redacted]", "content-type": "text/html" },
          "Set-Cookie": "[redacted]",
        },
        list: [{ authorization: "[redacted]" }],
      },
    });
    expect(headers.Cookie).toBe("admin_session=abc");
  });

  it("name a live request or response by its kind, never its contents", () => {
    const request = new IncomingMessage(new Socket());
    request.headers = { cookie: "admin_session=abc" };
    const response = new ServerResponse(request);
    expect(withoutCredentials({ req: request, nested: { res: response } })).toEqual({
      req: "[IncomingMessage]",
      nested: { res: "[ServerResponse]" },
    });
  });

  it("keep a line without credentials as it is, cycles included", () => {
    const fields: Record<string, unknown> = { count: 3, error: new Error("boom") };
    fields.self = fields;
    expect(withoutCredentials(fields)).toBe(fields);
  });
});

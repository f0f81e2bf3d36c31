import type http from "node:http";
import { startHttpServer } from "./leads-support";

/** One request the fake received: method, path, the bearer token it carried and its JSON body. */
export type HubSpotRequest = { method: string; path: string; token: string | null; body: Record<string, unknown> | null; at: number };
export type HubSpotAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A local stand-in for HubSpot's CRM API (docs/decisions/0720), as much of it as the hand-off
 * calls: contacts upserted by e-mail, deals created, the default deal-to-contact association,
 * a contact's properties patched. Records live in memory with numeric ids, as HubSpot's do.
 * `intercept` may answer a request first (a 429, a 500) instead of the fake; anything the fake
 * does not know is answered 404 and kept in `unhandled`.
 */
export async function startHubSpot(token: string) {
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  const deals = new Map<string, Record<string, string>>();
  const associations = new Set<string>();
  const requests: HubSpotRequest[] = [];
  const unhandled: string[] = [];
  const state: { intercept: (request: HubSpotRequest) => HubSpotAnswer | undefined } = { intercept: () => undefined };
  let nextId = 1000;

  const contactById = (id: string) => [...contacts.values()].find((c) => c.id === id);

  function answer(request: HubSpotRequest): HubSpotAnswer {
    if (request.token !== token) return { status: 401, body: { status: "error", message: "Authentication credentials not found.", category: "INVALID_AUTHENTICATION" } };
    const intercepted = state.intercept(request);
    if (intercepted) return intercepted;
    const { method, path, body } = request;
    if (method === "POST" && path === "/crm/v3/objects/contacts/batch/upsert") {
      const inputs = (body?.inputs ?? []) as { idProperty: string; id: string; properties: Record<string, string> }[];
      const results = inputs.map((input) => {
        if (input.idProperty !== "email") throw new Error("the fake upserts by email only");
        const key = input.id.toLowerCase();
        const existing = contacts.get(key);
        const contact = existing ?? { id: String(nextId++), properties: {} };
        contact.properties = { ...contact.properties, ...input.properties };
        contacts.set(key, contact);
        return { id: contact.id, properties: contact.properties, new: !existing };
      });
      return { status: 200, body: { status: "COMPLETE", results } };
    }
    if (method === "POST" && path === "/crm/v3/objects/deals") {
      const id = String(nextId++);
      deals.set(id, (body?.properties ?? {}) as Record<string, string>);
      return { status: 201, body: { id, properties: body?.properties } };
    }
    const association = /^\/crm\/v4\/objects\/deals\/(\d+)\/associations\/default\/contacts\/(\d+)$/.exec(path);
    if (method === "PUT" && association) {
      const [, dealId, contactId] = association;
      if (!deals.has(dealId!) || !contactById(contactId!)) return { status: 404, body: { status: "error", category: "OBJECT_NOT_FOUND" } };
      associations.add(`${dealId}:${contactId}`);
      return { status: 200, body: { status: "COMPLETE", results: [] } };
    }
    const patch = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (method === "PATCH" && patch) {
      const contact = contactById(patch[1]!);
      if (!contact) return { status: 404, body: { status: "error", category: "OBJECT_NOT_FOUND" } };
      contact.properties = { ...contact.properties, ...((body?.properties ?? {}) as Record<string, string>) };
      return { status: 200, body: { id: contact.id, properties: contact.properties } };
    }
    unhandled.push(`${method} ${path}`);
    return { status: 404, body: { status: "error", category: "OBJECT_NOT_FOUND" } };
  }

  const server = await startHttpServer((req: http.IncomingMessage, raw: string, res: http.ServerResponse) => {
    const auth = req.headers.authorization ?? "";
    const request: HubSpotRequest = {
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0]!,
      token: auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : null,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
      at: Date.now(),
    };
    requests.push(request);
    const { status, body, headers = {} } = answer(request);
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(body === undefined ? "" : JSON.stringify(body));
  });

  return {
    url: server.url,
    requests,
    unhandled,
    state,
    contacts,
    deals,
    associations,
    /** The requests to one endpoint, by method and a path pattern. */
    calls: (method: string, path: RegExp) => requests.filter((r) => r.method === method && path.test(r.path)),
    reset() {
      requests.length = 0;
      unhandled.length = 0;
      state.intercept = () => undefined;
    },
    close: server.close,
  };
}

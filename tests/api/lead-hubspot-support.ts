import type http from "node:http";
import { startHttpServer } from "./leads-support";

/** One request the fake received: method, path, the bearer token it carried and its JSON body. */
export type HubSpotRequest = { method: string; path: string; token: string | null; body: Record<string, unknown> | null; at: number };
export type HubSpotAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A note as the fake keeps it: its properties and the records it is associated with, as `type:id` (202 contact, 214 deal). */
export type HubSpotNote = { id: string; properties: Record<string, string>; associations: string[] };

/**
 * A local stand-in for HubSpot's CRM API (docs/decisions/0720), as much of it as the hand-off
 * calls, answering as HubSpot does: contacts read in a batch by e-mail or id (207 with
 * OBJECT_NOT_FOUND for one that is not there), created (409 CONFLICT naming the existing id when
 * the address is taken), patched and upserted by e-mail; deals created; the default
 * deal-to-contact association; notes created with their associations. Records live in memory
 * with numeric ids, as HubSpot's do. `intercept` may answer a request first (a 429, a 500) instead
 * of the fake; anything the fake does not know is answered 404 and kept in `unhandled`.
 */
export async function startHubSpot(token: string) {
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  const deals = new Map<string, Record<string, string>>();
  const associations = new Set<string>();
  const notes: HubSpotNote[] = [];
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
    if (method === "POST" && path === "/crm/v3/objects/contacts/batch/read") {
      const idProperty = body?.idProperty;
      if (idProperty !== undefined && idProperty !== "email") throw new Error("the fake reads contacts by email or id only");
      const asked = (body?.properties ?? []) as string[];
      const inputs = (body?.inputs ?? []) as { id: string }[];
      const results: unknown[] = [];
      const missing: string[] = [];
      for (const input of inputs) {
        const contact = idProperty === "email" ? contacts.get(input.id.toLowerCase()) : contactById(input.id);
        if (!contact) {
          missing.push(input.id);
          continue;
        }
        // HubSpot answers every property asked for, null where the contact has no value.
        const properties = Object.fromEntries(asked.map((name) => [name, contact.properties[name] ?? null]));
        results.push({ id: contact.id, properties: { ...properties, hs_object_id: contact.id }, archived: false });
      }
      if (missing.length === 0) return { status: 200, body: { status: "COMPLETE", results } };
      return {
        status: 207,
        body: {
          status: "COMPLETE",
          results,
          numErrors: 1,
          errors: [{ status: "error", category: "OBJECT_NOT_FOUND", message: "Could not get some CONTACT objects, they may be deleted or not exist.", context: { ids: missing } }],
        },
      };
    }
    if (method === "POST" && path === "/crm/v3/objects/contacts") {
      const properties = (body?.properties ?? {}) as Record<string, string>;
      const key = properties.email?.toLowerCase();
      const taken = key ? contacts.get(key) : undefined;
      if (taken) return { status: 409, body: { status: "error", message: `Contact already exists. Existing ID: ${taken.id}`, category: "CONFLICT" } };
      const contact = { id: String(nextId++), properties };
      if (key) contacts.set(key, contact);
      return { status: 201, body: { id: contact.id, properties, archived: false } };
    }
    if (method === "POST" && path === "/crm/v3/objects/notes") {
      const links = ((body?.associations ?? []) as { to: { id: string }; types: { associationCategory: string; associationTypeId: number }[] }[]).flatMap((a) =>
        a.types.map((type) => {
          const known = (type.associationTypeId === 202 && contactById(a.to.id)) || (type.associationTypeId === 214 && deals.has(a.to.id));
          return known && type.associationCategory === "HUBSPOT_DEFINED" ? `${type.associationTypeId}:${a.to.id}` : null;
        }),
      );
      if (links.includes(null)) return { status: 400, body: { status: "error", category: "VALIDATION_ERROR" } };
      const properties = (body?.properties ?? {}) as Record<string, string>;
      if (!properties.hs_timestamp) return { status: 400, body: { status: "error", category: "VALIDATION_ERROR" } };
      const note = { id: String(nextId++), properties, associations: links.filter((l): l is string => l !== null) };
      notes.push(note);
      return { status: 201, body: { id: note.id, properties } };
    }
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
    notes,
    /** A contact the sales team already has, as they entered it. */
    addContact(properties: Record<string, string>) {
      const contact = { id: String(nextId++), properties };
      contacts.set(properties.email!.toLowerCase(), contact);
      return contact;
    },
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

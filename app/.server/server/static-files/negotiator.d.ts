// negotiator 1.x's own API for the one call the server makes (its @types package predates `preferred`).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The client's most preferred of `available`; `preferred` breaks ties between equal q-values. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}

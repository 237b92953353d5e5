// jsdom ships no types and only its window is used (tests that parse HTML as a browser would).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}

import type { AppConfig } from "./config";

/** What every loader and action receives as `context`: built once in server.ts. */
export type AppServices = {
  config: AppConfig;
};

declare module "react-router" {
  interface AppLoadContext extends AppServices {}
}

export type AppRuntime = {
  services: AppServices;
  /** Throws when a dependency (the database, say) cannot serve requests. */
  checkHealth(): Promise<void>;
  /** Stops background work and closes connections. */
  close(): Promise<void>;
};

export async function createAppRuntime(config: AppConfig): Promise<AppRuntime> {
  return {
    services: { config },
    async checkHealth() {},
    async close() {},
  };
}

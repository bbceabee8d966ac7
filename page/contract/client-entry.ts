// The client entry's face to the runtime, which imports it by URL when the visitor first needs a slider (page/runtime/hydration.ts).

/** What the runtime calls on the client entry (page/view/entry-client.tsx) once it has imported it. */
export interface ClientEntry {
  hydrateIslands(props: unknown): void;
  switchIslands(props: unknown): void;
}

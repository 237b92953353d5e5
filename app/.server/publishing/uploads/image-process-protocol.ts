/**
 * The messages between the server and its image process (decision 332). The server sends one job
 * at a time (its image turn) and the process answers each with the job's id.
 */
import type { FallbackFormat } from "../../../lib/uploaded-image";

/** Read the header only: the upright size, against the pixel cap. */
export type InspectJob = { kind: "inspect"; id: number; input: string; maxInputPixels: number };

/** Decode once to `width` and write every variant into `folder`. */
export type MakeJob = {
  kind: "make";
  id: number;
  input: string;
  folder: string;
  width: number;
  fallback: FallbackFormat;
  maxInputPixels: number;
};

export type ImageJob = InspectJob | MakeJob;

export type ImageAnswer =
  | { id: number; kind: "inspected"; width: number; height: number; hasAlpha: boolean }
  | { id: number; kind: "made" }
  /** sharp could not read it: damaged, or not what its first bytes say. */
  | { id: number; kind: "unreadable" }
  /** Anything else: the message only, for the log. */
  | { id: number; kind: "failed"; message: string };

import express, { type Router } from "express";
import { uploadedFilesDir, uploadedImagesDir } from "../../publishing";

const oneYear = 60 * 60 * 24 * 365;

const contentAddressed = {
  immutable: true,
  maxAge: oneYear * 1000,
  index: false,
  redirect: false,
  dotfiles: "deny",
  fallthrough: false,
} as const;

/**
 * Serves what the console uploaded under /media: the articles' images (decision 230) and, under
 * /media/files, the guides' PDFs and the practices' MP3s (decision 270). Each address names its
 * content, so it is cached for a year; an address that names nothing is a plain 404, and what an
 * upload is still writing (hidden, `.incoming-…`) is never served.
 */
export function uploadedMedia(uploadsDir: string): Router {
  const router = express.Router();
  router.use("/media/files", express.static(uploadedFilesDir(uploadsDir), contentAddressed));
  router.use("/media", express.static(uploadedImagesDir(uploadsDir), contentAddressed));
  return router;
}

import express, { type Router } from "express";
import { uploadedImagesDir } from "../../publishing";

const oneYear = 60 * 60 * 24 * 365;

/**
 * Serves the console's uploaded images under /media (decision 230). Each address names its
 * content, so it is cached for a year; an address that names nothing is a plain 404, and the
 * folders an upload is still writing (hidden, `.incoming-…`) are never served.
 */
export function uploadedImages(uploadsDir: string): Router {
  const router = express.Router();
  router.use(
    "/media",
    express.static(uploadedImagesDir(uploadsDir), {
      immutable: true,
      maxAge: oneYear * 1000,
      index: false,
      redirect: false,
      dotfiles: "deny",
      fallthrough: false,
    }),
  );
  return router;
}

// The font packages the subset script and its test use ship no types of their own.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Uint8Array>;
}
declare module "fontverter" {
  const fontverter: {
    convert(font: Uint8Array, format: "sfnt" | "woff" | "woff2" | "truetype"): Promise<Uint8Array>;
  };
  export default fontverter;
}

/**
 * A file's size as people read it: "840 bytes", "1.3 KB", "120 KB", "4.2 MB" (1 KB = 1024 bytes).
 * One decimal below ten of a unit, whole numbers above; never "0.1 MB" for a 1.3 KB file.
 */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.9 KB rounds to 1024 KB: say 1 MB instead.
  if (shown >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`;
  return `${shown} ${units[unit]}`;
}

// The sales' public face: what the console and other capabilities may use of orders and downloads.
export { replaceDownloadLink } from "./download-links";
export { parseOrderItems } from "./order-items";

// The floor for Node: a bare node:http server answering one held body with the same headers as
// the site's answer, read from argv (a JSON file of { body64, headers }). Started by run.ts.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const answers = JSON.parse(readFileSync(process.argv[2], "utf8"));
const held = new Map(
  Object.entries(answers).map(([key, { body64, headers }]) => [
    key,
    { body: Buffer.from(body64, "base64"), headers: headers.flat() },
  ]),
);
createServer((request, response) => {
  const key = `${request.url} ${request.headers["accept-encoding"] === "gzip" ? "gzip" : "identity"}`;
  const answer = held.get(key);
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}).listen(Number(process.argv[3]), "127.0.0.1", () => process.send?.("listening"));

// @vitest-environment jsdom
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { IslandRoot } from "~/components/layout/form-island";
import { hydrateFormIsland } from "./hydrate-form-island";

/**
 * A form whose state is all controlled: a box before a field and a select, as on /buy-now (the
 * cards before the email) and /signup (the interests before the name).
 */
function Form() {
  const [picked, setPicked] = useState(false);
  const [email, setEmail] = useState("");
  const [size, setSize] = useState("s");
  return (
    <form>
      <input type="checkbox" name="picked" checked={picked} onChange={() => setPicked((p) => !p)} />
      <input type="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <select name="size" value={size} onChange={(e) => setSize(e.target.value)}>
        <option value="s">S</option>
        <option value="m">M</option>
      </select>
      <output>{`${picked}|${email}|${size}`}</output>
    </form>
  );
}

/** The server's page: the island's HTML and its props. */
function serverPage() {
  document.body.innerHTML = `<script type="application/json" id="test-island-props">{}</script><div id="test-island">${renderToString(<IslandRoot component={Form} props={{}} />)}</div>`;
  return {
    box: document.querySelector<HTMLInputElement>("input[name=picked]")!,
    email: document.querySelector<HTMLInputElement>("input[name=email]")!,
    select: document.querySelector<HTMLSelectElement>("select")!,
    shown: () => document.querySelector("output")!.textContent,
  };
}

async function hydrated() {
  hydrateFormIsland("test", Form);
  for (let wait = 0; wait < 100 && !document.documentElement.dataset.hydrated; wait++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 10));
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
});

describe("replayEarlyInput (decisions 130, 131)", () => {
  it("keeps a box and the fields after it: replaying the box re-renders the form", async () => {
    const page = serverPage();
    // A tap on the box, then the address typed and a size picked, all before React ran.
    page.box.checked = true;
    page.email.value = "fast.typist@example.com";
    page.select.value = "m";
    await hydrated();
    expect(page.shown()).toBe("true|fast.typist@example.com|m");
    expect(page.email.value).toBe("fast.typist@example.com");
    expect(page.box.checked).toBe(true);
    expect(page.select.value).toBe("m");
  });

  it("keeps a choice made after a field typed into before it", async () => {
    const page = serverPage();
    page.email.value = "a@example.com";
    page.select.value = "m";
    await hydrated();
    expect(page.shown()).toBe("false|a@example.com|m");
  });
});

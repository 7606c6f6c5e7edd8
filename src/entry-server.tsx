/**
 * Build-time rendering of one route to HTML, so the first question is readable
 * before any JavaScript arrives. prerender waits for the lazy pages and
 * question components, so the HTML holds the real input, not a loading placeholder.
 */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "./app.tsx";

export async function renderRoute(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

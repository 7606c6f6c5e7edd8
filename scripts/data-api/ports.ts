import { createServer, type Server } from "node:net";

export const HOST = "127.0.0.1";

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use: is the data API already running? Stop it or set DATA_API_PORT.`,
    );
    this.name = "PortInUseError";
  }
}

/** Listens on HOST:port (0 = any free port) and returns the port actually bound. */
export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port) : error);
    server.once("error", onError);
    server.listen(port, HOST, () => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * Binds HOST:port (0 = any free port) for a moment and returns the port. With 0 this
 * finds a port for children that cannot report the port they bound (PostgREST);
 * another process could take it in between, which on 127.0.0.1 with ephemeral
 * ports is unlikely enough for a development tool. Throws PortInUseError.
 */
export async function probePort(port: number): Promise<number> {
  const server = createServer();
  const bound = await listen(server, port);
  await new Promise((resolve) => server.close(resolve));
  return bound;
}

/**
 * The baseline of bench:api: a bare Fastify 5 (no plugins, no hooks, no logger) on its own port,
 * answering each path with a fixed JSON object, serialised per request as a plain Fastify route does.
 * Usage: node --import tsx bare-fastify.ts <port> <bodies.json>   (bodies.json: { "/path": { method, body } })
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2) as [string, string];
const bodies = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { method: 'GET' | 'POST'; body: unknown }>;
const app = Fastify({ logger: false });
for (const [url, { method, body }] of Object.entries(bodies)) app.route({ method, url, handler: async () => body });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('listening');

// Started with `node --import`: appends every module the process loads (its URL) to $MODULE_TRACE_FILE.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';

const file = process.env.MODULE_TRACE_FILE;
if (file) {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url) => appendFileSync(file, `${url}\n`));
  port1.unref();
  register(
    `data:text/javascript,${encodeURIComponent(`
      let port;
      export function initialize(data) { port = data.port; }
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        port.postMessage(result.url);
        return result;
      }`)}`,
    { data: { port: port2 }, transferList: [port2] },
  );
}

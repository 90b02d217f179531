import type { Plugin } from 'vite';
import { API_LANG } from '../contract/languages';

/**
 * The first second (issue 16). Fills index.html's `<!--boot-->` mark with one small
 * inline script that runs before any module has loaded:
 * - it names the screen the URL opens (`<html data-boot="market">`, from the hash), so
 *   the skeleton painted from index.html itself has that tab's shape and its tab lit;
 * - it preloads that screen's own chunks (`<link rel="modulepreload">`), which the router
 *   would otherwise ask for only after the entry has loaded and run: the entry, the
 *   screen and the worker (started by the entry at once) download together.
 * - on a tab that shows quotes, it asks for the first quotes snapshot at once
 *   (`window.kestrelEarly`, taken by the API client, src/api/client.ts), and starts the
 *   realtime worker (`window.kestrelWorker`, taken by src/core/index.ts), instead of
 *   waiting for the entry to start the worker and the worker to ask.
 * And it moves the app's stylesheet to the end of the body: the skeleton above it paints
 * without waiting for it, while the entry module still waits for it (a module script
 * never runs before the style sheets in front of it), so the app never shows unstyled.
 *
 * The server allows this inline script by its hash (server/http/csp.ts).
 */
const ROUTE_CHUNK = /src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * src/routes file -> the URL path it serves ('_auth/pages/fund/assets' -> '/pages/fund/assets');
 * null for a layout without a path of its own ('_auth').
 */
export function routePath(file: string): string | null {
  const segments = file
    .split('/')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => (segment === '[index]' ? 'index' : segment));
  if (segments.length === 0) return null;
  if (segments.length === 1 && segments[0] === 'index') return '/';
  return `/${segments.join('/')}`;
}

/** The layouts a route file sits in ('_auth/pages/fund/assets' -> ['_auth']). */
const layoutsOf = (file: string): string[] =>
  file
    .split('/')
    .slice(0, -1)
    .filter((segment) => segment.startsWith('_'));

/** The tab whose shape the skeleton takes, by path; other screens get a plain page. */
const TAB_PATHS: Record<string, string> = {
  '/': 'home',
  '/pages/index/index': 'home',
  '/pages/market/market': 'market',
  '/pages/transaction/index': 'trade',
  '/pages/financial/index': 'finance',
  '/pages/fund/assets': 'assets',
};

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** The tabs whose first screen shows quotes. */
const QUOTE_TABS = ['home', 'market', 'trade'];

function bootScript(base: string, files: string[], routes: Record<string, number[]>, worker: string | null): string {
  // Kept small and old-fashioned: it runs on any phone, before everything else.
  return [
    '(function(){',
    `var b=${JSON.stringify(base)},f=${JSON.stringify(files)},r=${JSON.stringify(routes)},t=${JSON.stringify(TAB_PATHS)},w=${JSON.stringify(worker)},q=${JSON.stringify(QUOTE_TABS)},a=${JSON.stringify(API_LANG)};`,
    "var d=document,p=(location.hash.slice(1).split('?')[0]||'/').replace(/\\/$/,'')||'/',s=t[p]||'page';",
    "d.documentElement.setAttribute('data-boot',s);",
    "function k(rel,href,as){var e=d.createElement('link');e.rel=rel;e.href=href;e.crossOrigin='';if(as)e.as=as;d.head.appendChild(e);}",
    "var l=r[p]||[];for(var i=0;i<l.length;i++)k('modulepreload',b+f[l[i]]);",
    'if(q.indexOf(s)>=0){',
    "if(w){try{window.kestrelWorker=new Worker(b+w,{type:'module',name:'kestrel-core'})}catch(e){}}",
    "var g;try{g=a[localStorage.getItem('lang')]}catch(e){}g=g||'en';",
    "var u='/api/currency/quotation_new?lang='+encodeURIComponent(g);",
    "try{window.kestrelEarly={url:u,at:performance.now(),response:fetch(u,{credentials:'omit',headers:{'Accept-Language':g}})};}catch(e){}",
    '}',
    '})();',
  ].join('');
}

export function bootPlugin(): Plugin {
  let base = '/';
  return {
    name: 'kestrel-boot',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((item): item is OutputChunk & typeof item => item.type === 'chunk') as unknown as OutputChunk[];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const graph = (name: string, into: Set<string>) => {
          const chunk = byName.get(name);
          if (!chunk || into.has(name)) return;
          into.add(name);
          for (const imported of chunk.imports) graph(imported, into);
        };
        // What the entry loads anyway is not preloaded twice.
        const entryGraph = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) graph(chunk.fileName, entryGraph);
        const files: string[] = [];
        const routes: Record<string, number[]> = {};
        const routeChunks = new Map<string, string>();
        for (const chunk of chunks) {
          const match = chunk.facadeModuleId ? ROUTE_CHUNK.exec(chunk.facadeModuleId) : null;
          if (match?.[1]) routeChunks.set(match[1], chunk.fileName);
        }
        for (const [file, fileName] of routeChunks) {
          const path = routePath(file);
          if (path === null) continue;
          const own = new Set<string>();
          for (const layout of layoutsOf(file)) {
            const layoutChunk = routeChunks.get(layout);
            if (layoutChunk) graph(layoutChunk, own);
          }
          graph(fileName, own);
          const needed = [...own].filter((name) => !entryGraph.has(name));
          if (needed.length === 0) continue;
          routes[path] = needed.map((name) => {
            const at = files.indexOf(name);
            return at >= 0 ? at : files.push(name) - 1;
          });
        }
        // The realtime worker is built apart and emitted as a file of the app chunk (its only .js asset).
        const worker = Object.values(context.bundle ?? {}).find((item) => item.type === 'asset' && item.fileName.endsWith('.js'))?.fileName ?? null;
        const stylesheets: string[] = [];
        const withoutCss = html.replace(/<link rel="stylesheet"[^>]*>\s*/g, (tag) => {
          stylesheets.push(tag.trim());
          return '';
        });
        return withoutCss.replace('<!--boot-->', `<script>${bootScript(base, files, routes, worker)}</script>`).replace('</body>', `  ${stylesheets.join('\n    ')}\n  </body>`);
      },
    },
  };
}

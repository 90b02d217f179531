import type { Plugin } from 'vite';
import { API_LANG } from '../contract/languages';
import { EARLY_REQUESTS } from '../src/app/early';

/**
 * The first second (issue 16). Fills index.html's `<!--boot-->` mark with one small
 * inline script that runs before any module has loaded:
 * - it names the screen the URL opens (`<html data-boot="market">`, from the hash), so
 *   the skeleton painted from index.html itself has that tab's shape and its tab lit;
 * - it preloads that screen's own chunks and their stylesheets (`<link rel="modulepreload">`,
 *   `<link rel="preload" as="style">`), which the router
 *   would otherwise ask for only after the entry has loaded and run: the entry, the
 *   screen and the worker (started by the entry at once) download together.
 * - on a tab that shows quotes, it sends that tab's first requests at once (the quotes
 *   snapshot; on home its banners and news: src/app/early.ts), as `window.kestrelEarly`,
 *   taken by the API client (src/api/client.ts), and starts the
 *   realtime worker (`window.kestrelWorker`, taken by src/core/index.ts), instead of
 *   waiting for the entry to start the worker and the worker to ask.
 * And the app's stylesheet and entry modules are fetched at once (preload, modulepreload)
 * but added by a last inline script (startScript): the stylesheet without blocking the
 * first paint, the modules once it has loaded and the skeleton has painted.
 *
 * The server allows this inline script by its hash (server/http/csp.ts).
 */
/**
 * The realtime worker's files, as vite.config.ts names them: its entry, and the parts it
 * loads later (`core-worker-part-*`). Read by the boot script's build and npm run size.
 */
export function workerFile(fileName: string): 'entry' | 'part' | null {
  const name = fileName.replace(/^.*\//, '');
  if (!/^core-worker-[\w-]+\.js$/.test(name)) return null;
  return name.startsWith('core-worker-part-') ? 'part' : 'entry';
}

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

/** What the chunking asks of a module: Rolldown's ChunkingContext, the part read here. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * Rolldown's name for a code-splitting group (vite.config.ts): the app's own modules that
 * the first screens' route chunks import statically (at any depth) come in one chunk per
 * set of screens using them ('first-home', 'first-market', 'first-home-market'), so a
 * cold start asks for one or two chunks and their stylesheets, not a dozen small shared
 * files each taking a round trip on one of six HTTP/1.1 connections (Lighthouse's home
 * score went from 92 to 97). Rolldown then merges the shared one into the home chunk
 * (mergeCommonChunks), which the market tab loads too. The first screens are
 * src/app/first-screens.ts; what the entry already loads stays in the entry; a package
 * goes where its importers go (the market list's virtual list comes with the market tab
 * only).
 */
export function firstScreensGroup(paths: readonly string[]): (id: string, graph: ModuleGraph) => string | null {
  const screens = (id: string, graph: ModuleGraph, seen: Set<string>, into: Set<string>) => {
    if (seen.has(id)) return;
    seen.add(id);
    const route = ROUTE_CHUNK.exec(id)?.[1];
    if (route === undefined) for (const importer of graph.getModuleInfo(id)?.importers ?? []) screens(importer, graph, seen, into);
    else {
      const path = routePath(route);
      if (path !== null && paths.includes(path)) into.add(TAB_PATHS[path] ?? path);
    }
  };
  return (id, graph) => {
    // A route's own chunk stays its own: the boot script preloads a screen by it (and what it imports).
    if (id.includes('/node_modules/') || !id.includes('/src/') || ROUTE_CHUNK.test(id)) return null;
    const reached = new Set<string>();
    screens(id, graph, new Set(), reached);
    return reached.size === 0 ? null : `first-${[...reached].sort().join('-')}`;
  };
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
  /** The stylesheets the chunk's modules import (Vite's own record). */
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Each tab's early requests as the boot script sends them: [method, path, query before
 * lang]; the API client names them the same way (src/app/early.ts earlyKey).
 */
function earlyRequests(): Record<string, [string, string, string][]> {
  const result: Record<string, [string, string, string][]> = {};
  for (const [tab, requests] of Object.entries(EARLY_REQUESTS)) {
    result[tab] = requests.map(({ method, path, input }) => [method, `/api${path}`, new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)])).toString()]);
  }
  return result;
}

export function bootScript(base: string, files: string[], routes: Record<string, number[]>, worker: string | null): string {
  // Kept small and old-fashioned: it runs on any phone, before everything else.
  return [
    '(function(){',
    `var b=${JSON.stringify(base)},f=${JSON.stringify(files)},r=${JSON.stringify(routes)},t=${JSON.stringify(TAB_PATHS)},w=${JSON.stringify(worker)},q=${JSON.stringify(earlyRequests())},a=${JSON.stringify(API_LANG)};`,
    "var d=document,p=(location.hash.slice(1).split('?')[0]||'/').replace(/\\/$/,'')||'/',s=t[p]||'page';",
    "d.documentElement.setAttribute('data-boot',s);",
    "function k(rel,href,as){var e=d.createElement('link');e.rel=rel;e.href=href;e.crossOrigin='';if(as)e.as=as;d.head.appendChild(e);}",
    'var e=q[s];if(e){',
    "if(w){try{window.kestrelWorker=new Worker(b+w,{type:'module',name:'kestrel-core'})}catch(e){}}",
    "var g;try{g=a[localStorage.getItem('lang')]}catch(x){}g=g||'en';",
    'var o={};window.kestrelEarly=o;',
    'for(var j=0;j<e.length;j++){',
    "var m=e[j][0],v=(e[j][2]?e[j][2]+'&':'')+'lang='+encodeURIComponent(g),u=m==='GET'?e[j][1]+'?'+v:e[j][1],y=m==='GET'?'':v,h={'Accept-Language':g};",
    "if(y)h['Content-Type']='application/x-www-form-urlencoded';",
    // A request the app never takes (offline, or a screen that moved on) must not be an unhandled rejection; the client still sees its failure.
    "try{var z=fetch(u,{method:m,credentials:'omit',headers:h,body:y||undefined});z.catch(function(){});o[m+' '+u+' '+y]={at:performance.now(),response:z};}catch(x){}",
    '}',
    '}',
    // The screen's chunks after the worker and the first quotes: six connections take
    // requests in the order they are made, and the first price waits on those two.
    "var l=r[p]||[];for(var i=0;i<l.length;i++){var x=f[l[i]];if(/\\.css$/.test(x))k('preload',b+x,'style');else k('modulepreload',b+x);}",
    '})();',
  ].join('');
}

/**
 * Starts the app: adds its stylesheets (fetched early by a preload; added from a script,
 * they block neither the parser nor the first paint), and once they have loaded (or
 * failed) and the skeleton has painted, runs the entry modules. So the skeleton always
 * paints first, and the app never renders unstyled. A page opened in the background,
 * which paints no frame, starts as soon as its styles are in.
 */
export function startScript(entries: string[], styles: string[]): string {
  return [
    '(function(){',
    `var e=${JSON.stringify(entries)},c=${JSON.stringify(styles)},d=document,n=c.length;`,
    "function g(){for(var i=0;i<e.length;i++){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=e[i];d.body.appendChild(s);}}",
    'function r(){if(--n>0)return;if(d.hidden)g();else requestAnimationFrame(function(){setTimeout(g,0)});}',
    "for(var j=0;j<c.length;j++){var l=d.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.href=c[j];l.onload=l.onerror=r;d.head.appendChild(l);}",
    'if(!c.length){n=1;r();}',
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
          // With each chunk, its stylesheets: Vite loads them before it runs the chunk, and
          // asking only then would cost the first screen one more round trip.
          for (const name of [...own]) for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) own.add(css);
          const needed = [...own].filter((name) => !entryGraph.has(name));
          if (needed.length === 0) continue;
          routes[path] = needed.map((name) => {
            const at = files.indexOf(name);
            return at >= 0 ? at : files.push(name) - 1;
          });
        }
        // The realtime worker is built apart and emitted as files of the app chunk: its entry
        // and the parts it loads later (vite.config.ts names them).
        const worker = Object.values(context.bundle ?? {}).find((item) => item.type === 'asset' && workerFile(item.fileName) === 'entry')?.fileName ?? null;
        // The app's stylesheets: fetched at once (preload), added by the start script.
        const styles: string[] = [];
        const withoutCss = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
          styles.push(href);
          return `<link rel="preload" as="style" crossorigin href="${href}">`;
        });
        // The entry modules are fetched at once (modulepreload) but run only once the skeleton
        // has painted: a module that arrives early (a fast network, the service worker's
        // cache) would otherwise run before the first frame, and the phone would show
        // nothing for the quarter of a second the app takes to start.
        const entries: string[] = [];
        const withoutEntries = withoutCss.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          entries.push(src);
          return `<link rel="modulepreload" crossorigin href="${src}">`;
        });
        // The dev server serves its own module script and styles as they are.
        if (!context.bundle) return html.replace('<!--boot-->', `<script>${bootScript(base, files, routes, worker)}</script>`);
        if (entries.length === 0 || styles.length === 0) throw new Error('kestrel-boot: index.html has no entry module or no stylesheet');
        return withoutEntries.replace('<!--boot-->', `<script>${bootScript(base, files, routes, worker)}</script>`).replace('</body>', `  <script>${startScript(entries, styles)}</script>\n  </body>`);
      },
    },
  };
}

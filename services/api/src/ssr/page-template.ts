/**
 * index.html of the client build cut around its #root element. The server render puts the page's head tags in
 * place of the template's default title and description, the page in #root and its state after it.
 */
export interface PageTemplate {
  fill(page: { head: string; html: string; state?: unknown }): string
}

const ROOT = '<div id="root"></div>'

/** JSON for a `<script type="application/json">` block: `<` escaped so no value can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function parseTemplate(indexHtml: string): PageTemplate {
  const withoutDefaults = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
  const headEnd = withoutDefaults.indexOf('</head>')
  const root = withoutDefaults.indexOf(ROOT)
  if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> before <div id="root"></div>')
  const beforeHead = withoutDefaults.slice(0, headEnd)
  const betweenHeadAndRoot = withoutDefaults.slice(headEnd, root)
  const afterRoot = withoutDefaults.slice(root + ROOT.length)
  return {
    fill({ head, html, state }) {
      const stateBlock =
        state === undefined
          ? ''
          : `<script id="ssr-state" type="application/json">${scriptJson(state)}</script>`
      // A page to hydrate takes no clicks until React has taken it over (App removes the style): a click on a
      // server-rendered button before then would do nothing. Links and text stay readable meanwhile.
      const root = state === undefined ? '<div id="root">' : '<div id="root" style="pointer-events:none">'
      return `${beforeHead}${head}\n${betweenHeadAndRoot}${root}${html}</div>${stateBlock}${afterRoot}`
    },
  }
}

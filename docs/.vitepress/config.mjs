// @ts-check
import { defineConfig } from 'vitepress';

const guide = (dir, items) => items.map(([text, page]) => ({ text, link: `/${dir}/${page}` }));

/** The documentation site. Built for the server's /guide path unless DOCS_BASE names another. */
export default defineConfig({
  title: 'Tessera',
  description: 'Self-hostable customer data platform and loyalty server implementing the CareCloud REST API v1.0',
  base: process.env.DOCS_BASE || '/guide/',
  lastUpdated: false,
  markdown: {
    // Pages are Vue templates: without v-pre, `{{code}}` in inline code would be interpolated away.
    config(md) {
      const render = md.renderer.rules.code_inline;
      md.renderer.rules.code_inline = (...args) => (render ? render(...args) : '').replace(/^<code/, '<code v-pre');
    },
  },
  themeConfig: {
    nav: [
      { text: 'Running a programme', link: '/programme/' },
      { text: 'Integrating', link: '/integrating/' },
      { text: 'Operating', link: '/operating/' },
      { text: 'Developing', link: '/developing/' },
    ],
    search: { provider: 'local' },
    outline: [2, 3],
    sidebar: {
      '/programme/': [
        {
          text: 'Running a programme',
          items: guide('programme', [
            ['Overview', ''],
            ['The operator API, roles and the audit trail', 'operator-api'],
            ['The web console', 'console'],
            ['Customer care and privacy requests', 'customer-care'],
            ['Loyalty rules and statuses', 'loyalty-rules'],
            ['Earning rules', 'earning-rules'],
            ['Rewards and vouchers', 'rewards'],
            ['Stamp cards', 'stamp-cards'],
            ['Campaigns and audiences', 'campaigns'],
            ['Hints', 'hints'],
            ['Messages and templates', 'messages'],
            ['Webhooks', 'webhooks'],
            ['Programme figures', 'figures'],
            ['Tasks', 'tasks'],
            ['Bookings', 'bookings'],
            ['Product reservations', 'product-reservations'],
            ['Orders', 'orders'],
            ['Charged entrances', 'entrances'],
            ['Customer definitions and segments', 'customers-and-segments'],
            ['Event catalogue', 'event-catalogue'],
            ['Applications and catalogues', 'catalogues'],
          ]),
        },
      ],
      '/integrating/': [
        {
          text: 'Integrating',
          items: guide('integrating', [
            ['Overview', ''],
            ['Authentication', 'authentication'],
            ['Application permissions', 'permissions'],
            ['Errors, lists and limits', 'conventions'],
            ['How Tessera reads the contract', 'contract'],
            ['Caching and rate limits', 'caching'],
            ['Customers', 'customers'],
            ['Catalogue and segments', 'catalogue'],
            ['Cards, points and credits', 'loyalty'],
            ['Wallet', 'wallet'],
            ['Point reservations', 'point-reservations'],
            ['Purchases', 'purchases'],
            ['Events', 'events'],
            ['Product recommendations', 'recommendations'],
          ]),
        },
      ],
      '/operating/': [
        {
          text: 'Operating',
          items: guide('operating', [
            ['Installing, data and backup', ''],
            ['Configuration reference', 'configuration'],
            ['Admin CLI', 'cli'],
            ['Scaling', 'scaling'],
            ['Containers', 'containers'],
            ['Monitoring', 'monitoring'],
          ]),
        },
      ],
      '/developing/': [
        {
          text: 'Developing',
          items: guide('developing', [
            ['Architecture', ''],
            ['Tests', 'tests'],
            ['Bench', 'bench'],
            ['Documentation', 'documentation'],
          ]),
        },
      ],
    },
  },
});

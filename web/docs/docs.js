// DOC-3: the API reference, drawn by Swagger UI (bundled from npm by scripts/build-web.mjs)
// from the live /openapi.json of the API that serves this page. Nothing is loaded from
// anywhere else: no validator badge (validatorUrl null), no spec from the address bar
// (queryConfigEnabled off, Swagger UI's default), no fonts or scripts but these.
const cli = document.getElementById('cli');
if (cli) cli.textContent = new URL('/cli/arbiter-cli.tgz', window.location.href).href;
window.ui = window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#api',
  deepLinking: true,
  validatorUrl: null,
  queryConfigEnabled: false,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  persistAuthorization: false,
});

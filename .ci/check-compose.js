#!/usr/bin/env node
// No Docker engine runs in CI: check what can be checked by reading. The compose file parses, every
// service has an image or a build whose context and Dockerfile exist, the app waits for healthy
// dependencies, and every file the Dockerfile copies exists.
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const yaml = require('js-yaml');

const composeFile = resolve(__dirname, '..', 'docker', 'compose.yaml');
const compose = yaml.load(readFileSync(composeFile, 'utf8'));
const problems = [];
const must = (condition, message) => condition || problems.push(message);

must(compose && typeof compose.services === 'object', 'compose.yaml has no services');
for (const [name, service] of Object.entries(compose.services ?? {})) {
  must(service.image || service.build, `service ${name} has neither image nor build`);
  if (service.build) {
    const context = resolve(dirname(composeFile), service.build.context ?? '.');
    must(existsSync(context), `service ${name}: build context ${context} does not exist`);
    const dockerfile = join(context, service.build.dockerfile ?? 'Dockerfile');
    must(existsSync(dockerfile), `service ${name}: ${dockerfile} does not exist`);
    if (existsSync(dockerfile)) checkDockerfile(dockerfile, context);
  }
  for (const [dependency, rule] of Object.entries(service.depends_on ?? {})) {
    must(compose.services[dependency], `service ${name} depends on unknown service ${dependency}`);
    must(
      rule.condition !== 'service_healthy' || hasHealthcheck(compose.services[dependency]),
      `${dependency} has no healthcheck for ${name} to wait on`,
    );
  }
  for (const volume of service.volumes ?? []) {
    const source = String(volume).split(':')[0];
    if (source.startsWith('.') || source.startsWith('/'))
      must(existsSync(resolve(dirname(composeFile), source)), `service ${name}: ${source} does not exist`);
    else must(compose.volumes && source in compose.volumes, `service ${name}: volume ${source} is not declared`);
  }
}

/** A healthcheck in the compose file, or else the HEALTHCHECK of the image it builds, unless disabled. */
function hasHealthcheck(service) {
  if (!service || service.healthcheck?.disable) return false;
  if (service.healthcheck) return true;
  if (!service.build) return false;
  const dockerfile = join(resolve(dirname(composeFile), service.build.context ?? '.'), service.build.dockerfile ?? 'Dockerfile');
  return existsSync(dockerfile) && /^HEALTHCHECK\s/m.test(readFileSync(dockerfile, 'utf8'));
}

function checkDockerfile(dockerfile, context) {
  const lines = readFileSync(dockerfile, 'utf8').split('\n');
  must(
    lines.some((line) => /^USER\s+(?!root)\S+/.test(line)),
    `${dockerfile} does not switch to a non-root user`,
  );
  must(
    lines.some((line) => /^HEALTHCHECK\s/.test(line)),
    `${dockerfile} has no HEALTHCHECK`,
  );
  must(lines.filter((line) => /^FROM\s/.test(line)).length >= 2, `${dockerfile} is not a multi-stage build`);
  for (const line of lines) {
    const copy = /^COPY\s+(?!--from)(.+)$/.exec(line.trim());
    if (!copy) continue;
    const sources = copy[1]
      .split(/\s+/)
      .filter((part) => !part.startsWith('--'))
      .slice(0, -1);
    for (const source of sources) must(existsSync(join(context, source)), `${dockerfile}: COPY source ${source} does not exist`);
  }
}

if (problems.length) {
  console.error(problems.map((problem) => `compose check: ${problem}`).join('\n'));
  process.exit(1);
}
console.log(`compose check: ${Object.keys(compose.services).length} services, every referenced path exists`);

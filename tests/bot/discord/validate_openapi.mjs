// Validates every JSON body the Discord tests wrote against Discord's official OpenAPI spec (JSON Schema 2020-12).
// Usage: node validate_openapi.mjs SPEC DIR. Files in DIR are named <kind>-<anything>.json, kind being:
//   callback      the interaction response (POST /interactions/{id}/{token}/callback request body)
//   commands      the bulk overwrite (PUT /applications/{application_id}/commands request body)
//   edit-original the follow-up edit, or a round message's edit (PATCH /webhooks/{id}/{token}/messages/@original
//                 request body)
//   followup      a follow-up message, such as a round member's private note (POST /webhooks/{id}/{token} request
//                 body)
//   dm            opening a DM channel for a reminder (POST /users/@me/channels request body)
//   message       a reminder posted in that channel (POST /channels/{channel_id}/messages request body)
// Exits 1 when a body fails, when a kind has no file at all, or when the folder is empty.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const [specPath, dir] = process.argv.slice(2);
if (!specPath || !dir) {
    console.error('usage: node validate_openapi.mjs SPEC DIR');
    process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(specPath, 'utf8'));
const bodySchema = (route, method) => {
    const op = spec.paths[route]?.[method];
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`the spec has no JSON request body for ${method.toUpperCase()} ${route}`);
    return schema;
};
const kinds = {
    callback: bodySchema('/interactions/{interaction_id}/{interaction_token}/callback', 'post'),
    commands: bodySchema('/applications/{application_id}/commands', 'put'),
    'edit-original': bodySchema('/webhooks/{webhook_id}/{webhook_token}/messages/@original', 'patch'),
    followup: bodySchema('/webhooks/{webhook_id}/{webhook_token}', 'post'),
    dm: bodySchema('/users/@me/channels', 'post'),
    message: bodySchema('/channels/{channel_id}/messages', 'post'),
};

// strict off: the spec uses OpenAPI/Discord keywords (x-discord-union, discriminator) that are not JSON Schema.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// Discord's ids: decimal integers sent as strings.
ajv.addFormat('snowflake', /^(0|[1-9][0-9]{0,19})$/);
ajv.addSchema({ $id: 'discord', components: spec.components });
const rewrite = (schema) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"discord#/components/'));
const validators = Object.fromEntries(Object.entries(kinds).map(([k, s]) => [k, ajv.compile(rewrite(s))]));

const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
if (files.length === 0) {
    console.error(`no bodies in ${dir}: the producing tests did not run`);
    process.exit(1);
}
const counts = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
let failed = 0;
for (const file of files) {
    const kind = Object.keys(kinds).sort((a, b) => b.length - a.length).find((k) => file.startsWith(k + '-'));
    if (!kind) {
        console.error(`${file}: unknown kind`);
        failed++;
        continue;
    }
    const body = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const validate = validators[kind];
    counts[kind]++;
    if (!validate(body)) {
        failed++;
        console.error(`${file}: does not match the ${kind} schema:`);
        for (const e of validate.errors.slice(0, 15)) console.error(`  ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    }
}
for (const [kind, n] of Object.entries(counts)) {
    console.log(`${kind}: ${n} bodies`);
    if (n === 0) {
        console.error(`no ${kind} body was produced`);
        failed++;
    }
}
console.log(`${files.length} bodies, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

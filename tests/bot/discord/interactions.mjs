// SPDX-License-Identifier: MIT
// Signed Discord interactions for the Node scenarios that run `quizbot serve` (round_two_nodes.mjs,
// round_sigkill.mjs, reminder_sigkill.mjs): a guild channel, its members, their DMs with the bot, and interactions
// signed with tweetnacl (tests/package.json), as Discord signs them.
import nacl from 'tweetnacl';

export const app = '1100000000000000001';
export const guild = '290926798626357999';
export const channel = '1200000000000000002';
export const hex = (bytes) => Buffer.from(bytes).toString('hex');
export const keys = nacl.sign.keyPair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 11 + 5) & 255));

let ids = 0;
export const member = (id, name) => ({ id, name });

/// The DM channel between the bot and `who` (as Discord numbers it here).
export const dmChannel = (who) => '9' + who.id;

/// A signed interaction from `who` in the guild's channel (or, with `dm`, in their DM with the bot), posted to
/// `node`: { status, data, token }.
export async function interact(node, who, type, data, message, dm = false) {
  const id = String(1500000000000000000n + BigInt(++ids));
  const token = 'aW50ZXJhY3Rpb246' + id;
  const user = { id: who.id, username: who.name, global_name: who.name };
  const where = dm
    ? { channel_id: dmChannel(who), user, context: 1 }
    : { channel_id: channel, guild_id: guild, member: { user, roles: [], permissions: '2147483647' }, context: 0,
      guild_locale: 'en-US' };
  const body = JSON.stringify({
    type, id, application_id: app, token, version: 1, locale: 'en-US', ...where, data,
    ...(message ? { message: { ...message, id: '1400000000000000004', type: 0 } } : {}),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = hex(nacl.sign.detached(Buffer.from(timestamp + body), keys.secretKey));
  const r = await fetch(node.url + '/discord/interactions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp },
    body,
  });
  const text = await r.text();
  return { status: r.status, data: text ? JSON.parse(text) : null, token };
}

export const click = (node, who, message, customId, dm = false) =>
  interact(node, who, 3, { custom_id: customId, component_type: 2 }, message, dm);

/// `/quiz <subcommand>` with string options ({ name: value }) from `who` in their DM with the bot.
export const commandInDm = (node, who, subcommand, options = {}) => interact(node, who, 2, {
  id: '1300000000000000003', name: 'quiz', type: 1,
  options: [{ name: subcommand, type: 1,
    options: Object.entries(options).map(([name, value]) => ({ name, type: 3, value })) }],
}, undefined, true);

/// `/quiz group` from `host`: a round of `questions` questions, `seconds` each.
export const openRound = (node, host, questions, seconds) => interact(node, host, 2, {
  id: '1300000000000000003', name: 'quiz', type: 1,
  options: [{ name: 'group', type: 1, options: [
    { name: 'questions', type: 4, value: questions }, { name: 'seconds', type: 4, value: seconds }] }],
});

export const buttonsOf = (message) => (message.components || []).flatMap((row) => row.components);

/// The environment of a node with Discord configured against the fake API listening on `apiPort`.
export const discordEnv = (apiPort) => ({
  DISCORD_PUBLIC_KEY: hex(keys.publicKey),
  DISCORD_APPLICATION_ID: app,
  DISCORD_BOT_TOKEN: 'test-bot-token.scenario',
  DISCORD_API_BASE: `http://127.0.0.1:${apiPort}/api/v10`,
});

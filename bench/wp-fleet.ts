/**
 * Child process of the site-sync bench: N WordPress protocol test servers (each its own port, posts
 * seeded, answers delayed like a site across the internet), so their work does not share the event loop
 * of the app being measured. Sends `{ sites }` once listening; exits when the parent disconnects.
 */
import { startWordPressTestServer } from '@blogfleet/integrations/wordpress/testing';

const [count, posts, latencyMs, postBytes] = process.argv.slice(2).map(Number);

async function main() {
  const servers = [];
  for (let i = 0; i < count!; i++) {
    servers.push(await startWordPressTestServer({ seedPosts: posts, latencyMs, seedPostBytes: postBytes }));
  }
  process.send!({
    sites: servers.map((s) => ({ url: s.url, username: s.options.username, password: s.options.password })),
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error('wp-fleet failed:', err);
  process.exit(1);
});

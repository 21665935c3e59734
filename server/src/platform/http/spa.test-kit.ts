import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A web build for the HTML tests: index.html as given, and a route-preloads.json whose files
 * name the route (`/assets/feed-1.js` for a member's `/`, `/assets/profile-1.js` for a profile).
 */
export function writeWebDist(prefix: string, indexHtml: string): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      always: ['/assets/app-1.js'],
      routes: [
        { path: '/', files: ['/assets/feed-1.js'], visitorFiles: ['/assets/landing-1.js'] },
        { path: '/u/:username', files: ['/assets/profile-1.js'] },
      ],
    }),
  );
  return webDist;
}

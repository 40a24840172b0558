import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './inline-script-hashes';

const sha = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('given a page with an inline script, scripts from files and data blocks, then only the inline script is hashed, as the browser hashes it', () => {
    const keeper = '(function(d){d.addEventListener("click",function(){},true)})(document);';
    const html = [
      `<head><script>${keeper}</script><script type="module" src="/assets/index.js"></script></head>`,
      '<body><script type="application/json" id="shop-state">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script><script src="/boot.js" defer></script></body>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha(keeper)]);
  });

  it('given the same inline script twice, then it is allowed once; given none, then nothing is allowed', () => {
    expect(inlineScriptHashes('<script>a()</script><p></p><script>a()</script>')).toEqual([sha('a()')]);
    expect(inlineScriptHashes('<script src="/x.js"></script>')).toEqual([]);
  });
});

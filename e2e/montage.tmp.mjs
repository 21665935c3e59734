import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const metas = await Promise.all(files.map((f) => sharp(f).metadata()));
const width = metas.reduce((a, m) => a + m.width, 0);
const height = Math.max(...metas.map((m) => m.height));
let x = 0;
const comp = files.map((f, i) => { const c = { input: f, left: x, top: 0 }; x += metas[i].width; return c; });
await sharp({ create: { width, height, channels: 3, background: '#fff' } }).composite(comp).png().toFile(out);

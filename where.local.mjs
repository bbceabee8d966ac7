import sharp from 'sharp';
const [a, b] = process.argv.slice(2);
const A = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const B = await sharp(b).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const w = A.info.width; const pts = [];
for (let i = 0; i < A.data.length; i += 3) if (A.data[i] !== B.data[i] || A.data[i+1] !== B.data[i+1] || A.data[i+2] !== B.data[i+2]) pts.push([(i/3)%w, Math.floor(i/3/w), [...A.data.subarray(i,i+3)], [...B.data.subarray(i,i+3)]]);
const cells = {}; for (const [x,y] of pts) { const k = `${Math.floor(x/20)*20},${Math.floor(y/20)*20}`; cells[k]=(cells[k]??0)+1; }
console.log(pts.length, cells); console.log(pts.slice(0,10).map(p=>JSON.stringify(p)).join('\n'));

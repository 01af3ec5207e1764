import { server } from '../e2e/harness.js';
const s = await server(Array.from({length: 1000}, () => ({ text: 'REPLY' })));
console.log(s.openaiBaseURL);
setTimeout(()=>{}, 1e9);

// Reference values for tests/unit/test_diff.c, computed independently of
// src/diff/stats.c: Student's t tail and the normal tail by numerical
// integration of the densities (composite Simpson, fine steps), not by the
// incomplete beta's continued fraction. Usage: node stats-reference.js
'use strict';

function lgamma(x) {
	// Lanczos (g = 7, n = 9)
	const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
		-176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
		1.5056327351493116e-7];
	if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
	x -= 1;
	let a = c[0];
	const t = x + 7.5;
	for (let i = 1; i < 9; i++) a += c[i] / (x + i);
	return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

function simpson(f, a, b, n) {
	const h = (b - a) / n;
	let s = f(a) + f(b);
	for (let i = 1; i < n; i++) s += f(a + i * h) * (i % 2 ? 4 : 2);
	return (s * h) / 3;
}

// P(|T| >= |t|) = 1 - 2 * integral_0^|t| density
function tTail(t, df) {
	const k = Math.exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / Math.sqrt(df * Math.PI);
	const dens = (x) => k * Math.pow(1 + (x * x) / df, -(df + 1) / 2);
	return 1 - 2 * simpson(dens, 0, Math.abs(t), 200000);
}

function normTail(z) {
	const dens = (x) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
	return 1 - 2 * simpson(dens, 0, Math.abs(z), 200000);
}

function meanVar(v) {
	const m = v.reduce((a, b) => a + b, 0) / v.length;
	const s = v.reduce((a, b) => a + (b - m) * (b - m), 0) / (v.length - 1);
	return [m, s];
}

function welch(a, b) {
	const [ma, va] = meanVar(a), [mb, vb] = meanVar(b);
	const qa = va / a.length, qb = vb / b.length;
	const t = (mb - ma) / Math.sqrt(qa + qb);
	const df = ((qa + qb) * (qa + qb)) / ((qa * qa) / (a.length - 1) + (qb * qb) / (b.length - 1));
	return { t, df, p: tTail(t, df) };
}

function twoProp(x1, n1, x2, n2) {
	const p = (x1 + x2) / (n1 + n2);
	const z = (x2 / n2 - x1 / n1) / Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
	return { z, p: normTail(z) };
}

const cases = {
	welch: [
		[[10, 12, 11, 13, 12], [14, 15, 13, 16, 15]],
		[[100, 102, 98, 101], [99, 103, 100, 98, 102, 101]],
		[[1.5, 2.5, 2.0], [2.0, 3.5, 5.0, 4.5]],
		[[201.6, 199.7, 207.6, 194.8, 195.3, 228.4, 203.3, 207.8],
			[320.8, 318.6, 330.0, 323.3, 341.0, 346.8, 333.9, 328.2]],
	],
	prop: [[30, 1000, 45, 1000], [200, 2290, 330, 3300], [5, 100, 5, 120]],
};
for (const [a, b] of cases.welch) {
	const r = welch(a, b);
	console.log(`welch [${a}] [${b}]: t=${r.t.toPrecision(10)} df=${r.df.toPrecision(10)} p=${r.p.toPrecision(8)}`);
}
for (const [x1, n1, x2, n2] of cases.prop) {
	const r = twoProp(x1, n1, x2, n2);
	console.log(`prop ${x1}/${n1} ${x2}/${n2}: z=${r.z.toPrecision(10)} p=${r.p.toPrecision(8)}`);
}

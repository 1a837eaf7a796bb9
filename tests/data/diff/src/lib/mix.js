'use strict';
// Work that V8 cannot fold away: a few integer mixing steps.
function mix(x, i) {
	x = (x + i) | 0;
	x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
	return (x ^ (x >>> 12)) | 0;
}
module.exports = { mix };

// Package checksum stands for a third-party module: the program vendors it,
// so its frames carry a vendor/ path (a dependency).
package checksum

// Adler folds data into an Adler-32 style sum, byte by byte.
func Adler(data []byte) uint32 {
	a, b := uint32(1), uint32(0)
	for _, c := range data {
		a = (a + uint32(c)) % 65521
		b = (b + a) % 65521
	}
	return b<<16 | a
}

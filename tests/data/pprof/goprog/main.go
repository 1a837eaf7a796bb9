// goprog writes the pprof profiles in tests/data/pprof (see make.sh): a CPU
// profile and a heap profile of a small workload that spends its time in
// its own code (main), in the standard library (encoding/json, sort) and in
// a vendored module (example.com/checksum), using only runtime/pprof.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"time"

	"example.com/checksum"
)

type record struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Score float64  `json:"score"`
}

var keep [][]byte

func makeRecords(n int) []record {
	rs := make([]record, n)
	for i := range rs {
		rs[i] = record{ID: i, Name: fmt.Sprintf("item-%d", i), Tags: []string{"a", "b", "c"}, Score: float64(i%97) / 7}
	}
	return rs
}

func encode(rs []record) []byte {
	b, err := json.Marshal(rs)
	if err != nil {
		panic(err)
	}
	keep = append(keep, b)
	return b
}

func sortRecords(rs []record) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Score < rs[j].Score || (rs[i].Score == rs[j].Score && rs[i].ID > rs[j].ID) })
}

func primes(limit int) int {
	count := 0
	for n := 2; n < limit; n++ {
		prime := true
		for d := 2; d*d <= n; d++ {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			count++
		}
	}
	return count
}

func work(until time.Time) uint32 {
	var sum uint32
	for time.Now().Before(until) {
		rs := makeRecords(2000)
		sortRecords(rs)
		b := encode(rs)
		sum ^= checksum.Adler(b)
		sum ^= uint32(primes(30000))
		if len(keep) > 50 {
			keep = keep[:0]
		}
	}
	return sum
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: goprog CPU.pb.gz HEAP.pb.gz SECONDS")
		os.Exit(2)
	}
	var seconds int
	fmt.Sscan(os.Args[3], &seconds)
	runtime.MemProfileRate = 4096
	cpu, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		panic(err)
	}
	sum := work(time.Now().Add(time.Duration(seconds) * time.Second))
	pprof.StopCPUProfile()
	cpu.Close()
	heap, err := os.Create(os.Args[2])
	if err != nil {
		panic(err)
	}
	if err := pprof.WriteHeapProfile(heap); err != nil {
		panic(err)
	}
	heap.Close()
	fmt.Println(sum)
}

/* The one hash map (src/util/map.c, util/map.h) and the one
 * pre-order numbering (fc_preorder in src/util/util.c): lookups against a
 * plain array, colliding hashes, growth keeping every entry, copies, and a
 * tree deeper than any recursion could walk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/map.h"
#include "util/strpool.h"
#include "util/children.h"
#include "util/util.h"
#include "model/profile.h"

struct probe {
	const uint64_t *keys;
	uint64_t key;
};

static bool key_eq(const void *ctx, uint32_t i)
{
	const struct probe *q = ctx;
	return q->keys[i] == q->key;
}

static uint32_t find(const struct fc_map *m, const uint64_t *keys, uint64_t key, uint32_t h,
		     size_t *slot)
{
	struct probe q = { keys, key };
	return fc_map_find(m, h, key_eq, &q, slot);
}

/* Interns 50 000 keys through find-then-put (growing one at a time), then
 * every key is found at its index and absent keys are not. */
static void test_intern(void **state)
{
	enum { N = 50000 };
	uint64_t *keys = malloc(N * sizeof(*keys));
	struct fc_map m;
	uint32_t i, n = 0;

	(void)state;
	assert_non_null(keys);
	fc_map_init(&m);
	assert_int_equal(find(&m, keys, 1, 1, NULL), FC_NONE); /* empty */
	for (i = 0; i < 2 * N; i++) {
		uint64_t key = (uint64_t)(i % N) * 7919 + 3; /* each key twice */
		uint32_t h = (uint32_t)fc_hash_u64(key), v;
		size_t slot;
		assert_true(fc_map_reserve(&m, m.count + 1));
		v = find(&m, keys, key, h, &slot);
		if (i < N) {
			assert_int_equal(v, FC_NONE);
			keys[n] = key;
			fc_map_put(&m, slot, h, n++);
		} else {
			assert_int_equal(v, i - N);
		}
	}
	assert_int_equal(m.count, N);
	assert_true(m.mask + 1 >= 2 * (size_t)N); /* at most half full */
	assert_int_equal((m.mask + 1) & m.mask, 0);
	for (i = 0; i < N; i++)
		assert_int_equal(find(&m, keys, keys[i], (uint32_t)fc_hash_u64(keys[i]), NULL), i);
	assert_int_equal(find(&m, keys, 4, (uint32_t)fc_hash_u64(4), NULL), FC_NONE);
	fc_map_finish(&m);
	fc_map_finish(&m); /* harmless */
	assert_null(m.slots);
	free(keys);
}

/* Every key under one hash: one probe chain, equality decides, and growth
 * (which moves slots by their stored hashes only) keeps them all. */
static void test_collisions(void **state)
{
	enum { N = 1000 };
	uint64_t keys[N];
	struct fc_map m = { 0 }, c = { 0 };
	uint32_t i;

	(void)state;
	for (i = 0; i < N; i++) {
		keys[i] = 1000 + i;
		assert_true(fc_map_add(&m, 42, i));
	}
	for (i = 0; i < N; i++)
		assert_int_equal(find(&m, keys, keys[i], 42, NULL), i);
	assert_int_equal(find(&m, keys, 5, 42, NULL), FC_NONE);
	assert_int_equal(find(&m, keys, keys[0], 43, NULL), FC_NONE);
	/* a copy is independent of its source */
	assert_true(fc_map_copy(&c, &m));
	fc_map_finish(&m);
	for (i = 0; i < N; i++)
		assert_int_equal(find(&c, keys, keys[i], 42, NULL), i);
	fc_map_finish(&c);
	/* copying an empty map gives an empty map */
	assert_true(fc_map_copy(&c, &m));
	assert_null(c.slots);
	assert_int_equal(find(&c, keys, keys[0], 42, NULL), FC_NONE);
}

/* fc_map_add keeps duplicates; a lookup finds the first added. */
static void test_duplicates(void **state)
{
	uint64_t keys[3] = { 7, 7, 7 };
	struct fc_map m = { 0 };

	(void)state;
	assert_true(fc_map_add(&m, 9, 0));
	assert_true(fc_map_add(&m, 9, 1));
	assert_true(fc_map_add(&m, 9, 2));
	assert_int_equal(m.count, 3);
	assert_int_equal(find(&m, keys, 7, 9, NULL), 0);
	assert_false(fc_map_add(&m, 9, UINT32_MAX)); /* FC_NONE is no value */
	assert_true(fc_map_reserve(&m, 1000));
	assert_true(m.mask + 1 >= 2000);
	assert_int_equal(find(&m, keys, 7, 9, NULL), 0);
	fc_map_finish(&m);
}

/* A dense map fills to 7/8 before it grows, and still finds everything. */
static void test_dense(void **state)
{
	enum { N = 7168 };
	uint64_t keys[N];
	struct fc_map m = { .dense = true };
	uint32_t i;

	(void)state;
	assert_true(fc_map_reserve(&m, N));
	assert_int_equal(m.mask + 1, 8192); /* 7168 = 7/8 of 8192 */
	for (i = 0; i < N; i++) {
		keys[i] = (uint64_t)i * 31 + 1;
		assert_true(fc_map_add(&m, (uint32_t)fc_hash_u64(keys[i]), i));
	}
	assert_int_equal(m.mask + 1, 8192); /* no growth */
	assert_true(fc_map_add(&m, 5, N));  /* one more: past 7/8 */
	assert_int_equal(m.mask + 1, 16384);
	for (i = 0; i < N; i++)
		assert_int_equal(find(&m, keys, keys[i], (uint32_t)fc_hash_u64(keys[i]), NULL), i);
	fc_map_finish(&m);
	assert_false(m.dense);
}

/* root 3; 3 -> {5, 0}, 0 -> {4, 1}, 5 -> {2}: children in increasing index
 * order, 6 and 7 a cycle the walk never reaches. */
/* A tree built child by child: each (parent, frame) edge gives one node,
 * found again on every later lookup; a miss leaves the table unchanged. */
static void test_children(void **state)
{
	enum { N = 3000 };
	uint32_t parent[N + 1], frame[N + 1], n = 1, h, k, want[64][8];
	struct fc_map m;
	size_t slot, round;

	(void)state;
	fc_map_init(&m);
	parent[0] = FC_NONE;
	frame[0] = 0;
	memset(want, 0xff, sizeof(want));
	for (round = 0; round < 2; round++) {
		for (uint32_t i = 0; i < 64 * 8; i++) {
			uint32_t p = i / 8 % 64 < n ? i / 8 % 64 : 0, f = i % 8;
			assert_true(fc_map_reserve(&m, n + 1));
			k = fc_children_find(&m, parent, frame, p, f, &h, &slot);
			if (k == FC_NONE) {
				assert_int_equal(round, 0);
				assert_int_equal(want[p][f], FC_NONE);
				k = n++;
				parent[k] = p;
				frame[k] = f;
				fc_map_put(&m, slot, h, k);
				want[p][f] = k;
			}
			assert_int_equal(k, want[p][f]);
			assert_int_equal(parent[k], p);
			assert_int_equal(frame[k], f);
		}
	}
	assert_int_equal(m.count, n - 1);
	/* a frame no node has */
	assert_int_equal(fc_children_find(&m, parent, frame, 0, 99, &h, &slot), FC_NONE);
	fc_map_finish(&m);
}

static void test_preorder(void **state)
{
	const uint32_t parent[8] = { 3, 0, 5, FC_NONE, 0, 3, 7, 6 };
	const uint32_t want[8] = { 1, 2, 5, 0, 3, 4, FC_NONE, FC_NONE };
	uint32_t order[8], reached, i;

	(void)state;
	assert_true(fc_preorder(8, parent, 3, order, &reached));
	assert_int_equal(reached, 6);
	for (i = 0; i < 8; i++)
		assert_int_equal(order[i], want[i]);
	assert_true(fc_preorder(0, parent, 0, order, &reached));
	assert_int_equal(reached, 0);
}

/* A chain 300 000 deep and a star of 300 000 leaves, numbered from the end:
 * no recursion, and every node where pre-order puts it. */
static void test_preorder_deep(void **state)
{
	enum { N = 300000 };
	uint32_t *parent = malloc(N * sizeof(*parent)), *order = malloc(N * sizeof(*order));
	uint32_t reached, i;

	(void)state;
	assert_non_null(parent);
	assert_non_null(order);
	for (i = 0; i < N; i++) /* node N - 1 is the root, each node's child is i - 1 */
		parent[i] = i + 1 < N ? i + 1 : FC_NONE;
	assert_true(fc_preorder(N, parent, N - 1, order, &reached));
	assert_int_equal(reached, N);
	for (i = 0; i < N; i++)
		assert_int_equal(order[i], N - 1 - i);
	for (i = 0; i < N; i++)
		parent[i] = i ? 0 : FC_NONE;
	assert_true(fc_preorder(N, parent, 0, order, &reached));
	assert_int_equal(reached, N);
	for (i = 0; i < N; i++)
		assert_int_equal(order[i], i);
	free(parent);
	free(order);
}

/* A pool sized ahead (fc_strpool_reserve) takes that many strings of that
 * many bytes without moving an array or growing its index; equal strings
 * still get one id. */
static void test_strpool_reserve(void **state)
{
	enum { N = 5000 };
	struct fc_strpool pool;
	const char *data;
	const uint32_t *offset;
	const struct fc_map_slot *slots;
	char s[32];
	size_t bytes = 0, i;

	(void)state;
	assert_true(fc_strpool_init(&pool));
	for (i = 0; i < N; i++)
		bytes += (size_t)snprintf(s, sizeof(s), "name%zu", i) + 1;
	assert_true(fc_strpool_reserve(&pool, N, bytes));
	data = pool.data;
	offset = pool.offset;
	slots = pool.index.slots;
	for (i = 0; i < N; i++) {
		snprintf(s, sizeof(s), "name%zu", i);
		assert_int_equal(fc_strpool_intern(&pool, s, strlen(s)), i + 1);
	}
	assert_ptr_equal(pool.data, data);
	assert_ptr_equal(pool.offset, offset);
	assert_ptr_equal(pool.index.slots, slots);
	assert_int_equal(fc_strpool_intern(&pool, "name42", 6), 43);
	assert_string_equal(fc_strpool_get(&pool, 43), "name42");
	assert_false(fc_strpool_reserve(&pool, SIZE_MAX, 1));
	fc_strpool_finish(&pool);
}

/* A frame appended without interning gets its meta from its name as an
 * interned one does, and interning the same frame afterwards finds it. */
static void test_append_frame(void **state)
{
	struct fc_profile *p = fc_profile_create();
	struct fc_frame f = { 0 };
	uint32_t root, gc;

	(void)state;
	assert_non_null(p);
	root = fc_profile_intern_frame(p, "(root)", 6, "", 0, "0", 1, -1, -1);
	assert_int_equal(root, 0);
	f.name = fc_strpool_intern(&p->strings, "(garbage collector)", 19);
	f.url = 0;
	f.script_id = fc_strpool_intern(&p->strings, "0", 1);
	f.line = f.column = -1;
	f.meta = FC_META_NONE;
	gc = fc_profile_append_frame(p, &f);
	assert_int_equal(gc, 1);
	assert_int_equal(p->frames[gc].meta, FC_META_GC);
	assert_int_equal(p->frames[root].meta, FC_META_ROOT);
	assert_int_equal(
		fc_profile_intern_frame(p, "(garbage collector)", 19, "", 0, "0", 1, -1, -1), gc);
	assert_int_equal(p->n_frames, 2);
	fc_profile_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intern),        cmocka_unit_test(test_collisions),
		cmocka_unit_test(test_duplicates),    cmocka_unit_test(test_preorder),
		cmocka_unit_test(test_preorder_deep), cmocka_unit_test(test_dense),
		cmocka_unit_test(test_children),      cmocka_unit_test(test_strpool_reserve),
		cmocka_unit_test(test_append_frame),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* --merge-by: which frames are one. location is the model's own identity
 * (name, script, line, column; a script without a URL is told apart by its
 * id, as DevTools does); function forgets the line and column, so a
 * function whose code moved is still one frame (the key `diff` matches
 * frames by, docs/diff.md); name keeps the function name alone. */
#include <stdlib.h>
#include <string.h>

#include "transform/scope_internal.h"
#include "transform/tree.h"
#include "util/util.h"
#include "model/profile.h"

void fc_frame_key_of(const struct fc_profile *p, uint32_t f, enum fc_merge_by by,
		     struct fc_frame_key *key)
{
	const struct fc_frame *fr = &p->frames[f];

	memset(key, 0, sizeof(*key));
	key->name = fc_profile_str(p, fr->name);
	key->name_len = fc_strpool_len(&p->strings, fr->name);
	key->script = "";
	key->line = key->column = -1;
	if (by == FC_MERGE_NAME)
		return;
	key->script = fc_profile_str(p, fr->url);
	key->script_len = fc_strpool_len(&p->strings, fr->url);
	if (key->script_len == 0 && fr->has_script) {
		key->script = fc_profile_str(p, fr->script_id);
		key->script_len = fc_strpool_len(&p->strings, fr->script_id);
		key->script_is_id = true;
	}
	if (by == FC_MERGE_LOCATION) {
		key->line = fr->line;
		key->column = fr->column;
	}
}

uint64_t fc_frame_key_hash(const struct fc_frame_key *key)
{
	uint64_t h = fc_hash_bytes(key->name, key->name_len);

	h ^= fc_hash_bytes(key->script, key->script_len) * 0x9e3779b97f4a7c15ULL;
	h ^= ((uint64_t)(uint32_t)key->line << 32 | (uint32_t)key->column) * 0xc2b2ae3d27d4eb4fULL;
	return fc_hash_u64(h ^ key->script_is_id);
}

bool fc_frame_key_equal(const struct fc_frame_key *a, const struct fc_frame_key *b)
{
	return a->line == b->line && a->column == b->column && a->script_is_id == b->script_is_id &&
	       a->name_len == b->name_len && a->script_len == b->script_len &&
	       memcmp(a->name, b->name, a->name_len) == 0 &&
	       memcmp(a->script, b->script, a->script_len) == 0;
}

/* The frame that stands for every frame with f's key: f itself when it has
 * no line to forget, else a frame interned with the key's line and column
 * (-1) and f's classification. FC_NONE on allocation failure. */
static uint32_t canonical(struct fc_profile *p, uint32_t f, enum fc_merge_by by)
{
	struct fc_frame src = p->frames[f], *nf;
	struct fc_frame_key key;
	const char *url = fc_profile_str(p, src.url);
	size_t ul = fc_strpool_len(&p->strings, src.url);
	const char *sid = fc_profile_str(p, src.script_id);
	size_t sl = fc_strpool_len(&p->strings, src.script_id);
	uint32_t k;

	fc_frame_key_of(p, f, by, &key);
	if (by == FC_MERGE_NAME) {
		/* no script: coloured by name, as DevTools colours such frames */
		url = "";
		ul = 0;
		sid = "0";
		sl = 1;
	}
	if (src.line == key.line && src.column == key.column &&
	    (by != FC_MERGE_NAME || (!fc_strpool_len(&p->strings, src.url) && !src.has_script)))
		return f;
	/* copies: interning may move the pool's bytes */
	{
		char *name = fc_strndup(key.name, key.name_len);
		char *u = fc_strndup(url, ul), *s = fc_strndup(sid, sl);
		k = name && u && s ? fc_profile_intern_frame(p, name, key.name_len, u, ul, s, sl,
							     key.line, key.column)
				   : FC_NONE;
		free(name);
		free(u);
		free(s);
	}
	if (k == FC_NONE)
		return FC_NONE;
	nf = &p->frames[k];
	nf->tier = src.tier;
	nf->tags = src.tags;
	nf->package = src.package;
	return k;
}

bool fc_scope_merge_by(struct fc_profile *p, enum fc_merge_by by, struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *to = NULL, *map = NULL, n_frames = p->n_frames, f, i;
	bool ok = false;

	if (by == FC_MERGE_LOCATION || p->n_nodes == 0)
		return true;
	to = malloc((n_frames ? n_frames : 1) * sizeof(*to));
	map = malloc(p->n_nodes * sizeof(*map));
	if (!to || !map || !fc_tree_init(&t, p->n_nodes, p->node_frame[0], p->node_id[0])) {
		free(to);
		free(map);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	for (f = 0; f < n_frames; f++) {
		to[f] = p->frames[f].meta == FC_META_ROOT ? f : canonical(p, f, by);
		if (to[f] == FC_NONE) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	map[0] = 0;
	for (i = 1; i < p->n_nodes; i++) {
		map[i] = fc_tree_child(&t, map[p->node_parent[i]], to[p->node_frame[i]],
				       p->node_id[i]);
		if (map[i] == FC_NONE) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	t.frame[0] = p->node_frame[0];
	ok = fc_tree_install(&t, p, map, err);
out:
	fc_tree_finish(&t);
	free(to);
	free(map);
	return ok;
}

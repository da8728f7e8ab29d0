#ifndef XCSTRINGS_MERGE_CLIBGIT2_SHIM_H
#define XCSTRINGS_MERGE_CLIBGIT2_SHIM_H
#include <git2.h>
// Since libgit2 1.8, git_error_clear is declared only in git2/sys/errors.h, which git2.h no
// longer includes (Homebrew's 1.9 on a Mac); 1.5 has no such header and declares it in
// git2/errors.h. Every header this file includes must be listed in Scripts/check-libgit2-api.py.
#if __has_include(<git2/sys/errors.h>)
#include <git2/sys/errors.h>
#endif
#include <dlfcn.h>

// The tool does not link libgit2: loading it and its dependency chain (OpenSSL, libssh2,
// Kerberos…) cost about 2.5 ms on every run, and most runs (a merge, a format) never call it.
// `Libgit2.load()` opens the library on first use and fills this table with dlsym; the
// headers give every entry its exact type. Each name must also be in
// Scripts/libgit2-functions.txt (same declaration in libgit2 1.5 and 1.9; LibgitAPITests).
#define XCSM_LIBGIT2_FUNCTIONS(F) \
    F(attr_get) \
    F(attr_value) \
    F(blob_create_from_buffer) \
    F(blob_free) \
    F(blob_lookup) \
    F(blob_rawcontent) \
    F(blob_rawsize) \
    F(buf_dispose) \
    F(commit_create) \
    F(commit_free) \
    F(commit_lookup) \
    F(commit_message) \
    F(commit_tree) \
    F(config_delete_entry) \
    F(config_find_global) \
    F(config_free) \
    F(config_get_path) \
    F(config_get_string_buf) \
    F(config_open_default) \
    F(config_open_level) \
    F(config_set_string) \
    F(error_clear) \
    F(error_last) \
    F(index_add_from_buffer) \
    F(index_conflict_add) \
    F(index_conflict_iterator_free) \
    F(index_conflict_iterator_new) \
    F(index_conflict_next) \
    F(index_entry_stage) \
    F(index_entrycount) \
    F(index_free) \
    F(index_get_byindex) \
    F(index_get_bypath) \
    F(index_read) \
    F(index_write) \
    F(libgit2_init) \
    F(libgit2_version) \
    F(merge_base) \
    F(merge_file) \
    F(merge_file_input_init) \
    F(merge_file_options_init) \
    F(merge_file_result_free) \
    F(object_free) \
    F(object_id) \
    F(object_peel) \
    F(oid_equal) \
    F(oid_tostr) \
    F(reference_create) \
    F(reference_create_matching) \
    F(reference_free) \
    F(reference_name_to_id) \
    F(reference_remove) \
    F(repository_commondir) \
    F(repository_config) \
    F(repository_free) \
    F(repository_index) \
    F(repository_open_ext) \
    F(repository_path) \
    F(repository_workdir) \
    F(revparse_single) \
    F(signature_default) \
    F(signature_free) \
    F(signature_now) \
    F(tree_entry_byindex) \
    F(tree_entry_bypath) \
    F(tree_entry_free) \
    F(tree_entry_id) \
    F(tree_entry_name) \
    F(tree_entry_type) \
    F(tree_entrycount) \
    F(tree_free) \
    F(tree_lookup) \
    F(treebuilder_free) \
    F(treebuilder_insert) \
    F(treebuilder_new) \
    F(treebuilder_write)

/// libgit2's functions, each under its name without the `git_` prefix.
typedef struct xcsm_libgit2 {
#define XCSM_LIBGIT2_FIELD(name) __typeof__(&git_##name) _Nonnull name;
    XCSM_LIBGIT2_FUNCTIONS(XCSM_LIBGIT2_FIELD)
#undef XCSM_LIBGIT2_FIELD
} xcsm_libgit2;

/// Fills `table` from an opened library. Returns NULL, or the name of a missing function.
static inline const char *_Nullable xcsm_libgit2_resolve(void *_Nonnull library, xcsm_libgit2 *_Nonnull table) {
#define XCSM_LIBGIT2_RESOLVE(name) \
    if (!(table->name = (__typeof__(&git_##name))dlsym(library, "git_" #name))) return "git_" #name;
    XCSM_LIBGIT2_FUNCTIONS(XCSM_LIBGIT2_RESOLVE)
#undef XCSM_LIBGIT2_RESOLVE
    return (const char *)0;
}

#endif

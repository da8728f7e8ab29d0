#ifndef XCSTRINGS_MERGE_CLIBGIT2_SHIM_H
#define XCSTRINGS_MERGE_CLIBGIT2_SHIM_H
#include <git2.h>

/// git_libgit2_opts is variadic and so not visible to Swift.
static inline int xcsm_disable_owner_validation(void) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
}
#endif

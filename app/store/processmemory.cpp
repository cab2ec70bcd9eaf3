#include "store/processmemory.h"

#include <malloc.h>

// Under AddressSanitizer malloc is ASan's: glibc's malloc_trim walks arenas that were never set up (it
// crashed a worker now and then in tst_executionsview), and mallopt tunes nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANDBOXDECK_ADDRESS_SANITIZER
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SANDBOXDECK_ADDRESS_SANITIZER)
#define SANDBOXDECK_ADDRESS_SANITIZER
#endif

void ProcessMemory::keepLargeBlocksApart()
{
#if !defined(SANDBOXDECK_ADDRESS_SANITIZER)
    [[maybe_unused]] static const bool tuned = [] {
        // Setting it also turns off glibc's raising of it.
        return mallopt(M_MMAP_THRESHOLD, 256 * 1024) == 1;
    }();
#endif
}

void ProcessMemory::giveFreedPagesBack()
{
#if !defined(SANDBOXDECK_ADDRESS_SANITIZER)
    malloc_trim(0);
#endif
}

/* ProcessPrng for Wine 8.0 (Debian 12), whose bcryptprimitives.dll lacks it.
 *
 * Rust's standard library for Windows takes its random bytes (the seed of HashMap's hasher) from
 * ProcessPrng in bcryptprimitives.dll; Windows 10 and later have it, Wine 8.0 does not, and a Rust
 * program then fails to start under it. This DLL, put beside gamebot.exe and preferred over Wine's
 * own (WINEDLLOVERRIDES=bcryptprimitives=n,b), gives the one function, drawing its bytes from
 * RtlGenRandom (advapi32's SystemFunction036), which Wine has. For CI only; Windows never loads it.
 * Built by .ci/windows with mingw-w64.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}

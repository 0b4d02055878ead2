/* A stand-in for Windows' bcryptprimitives.dll, for testing kaleido.exe under wine 8.0, which
 * lacks it (Windows 10 and later have it; Rust's standard library calls its ProcessPrng for
 * random hash keys). scripts/release.sh builds it with mingw next to the .exe it tests, and
 * never ships it. ProcessPrng fills the buffer from RtlGenRandom (advapi32's SystemFunction036),
 * which wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}

import CDecoderOverrides
import GObjectSupport
import Glibc
import IroImaging

// Iro's decoder helper (BEHAVIOUR F5). Iro starts it with a socket as descriptor 3 and
// sends it files (as descriptors) to decode; it confines itself before reading any.
// IRO_DECODER_MEMORY_MB caps its address space (default 4096); IRO_DECODER_TRAP=1 makes a
// forbidden system call raise SIGSYS (to see which) instead of killing it.
let memory = getenv("IRO_DECODER_MEMORY_MB").flatMap { UInt64(String(cString: $0)) } ?? 4096
let trap = getenv("IRO_DECODER_TRAP").map { String(cString: $0) == "1" } ?? false
iro_decoder_overrides_link()
Trace.mark("decoder started")
DecoderService.prepare()
guard DecoderService.confine(memoryCap: memory << 20, trap: trap) else { exit(5) }
Trace.mark("decoder ready")
DecoderService.serve()

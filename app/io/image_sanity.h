// Checks, made before stb_image decodes anything, for broken files that stb_image 2.27 (the
// version the system ships) mishandles: it would allocate gigabytes, or write past an array.
#pragma once

#include <cstddef>

namespace ws::app {

// A PNG chunk claiming more bytes than the file has left: a truncated file or a corrupt length
// (stb_image would first grow its buffer towards the claimed length, up to 2 GiB).
bool png_chunk_runs_past_end(const unsigned char* data, size_t size);

// A JPEG Huffman table (DHT) with more than 256 codes: stb_image 2.27 writes past its 257-entry
// code-size array before it notices (fixed in stb_image 2.28). Every DHT segment counts, also
// those between the scans of a progressive JPEG, read the way stb_image reads them.
bool jpeg_huffman_table_too_long(const unsigned char* data, size_t size);

}  // namespace ws::app

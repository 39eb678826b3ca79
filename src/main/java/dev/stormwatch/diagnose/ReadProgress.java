package dev.stormwatch.diagnose;

/**
 * How far the reading has come, for a progress line or bar.
 *
 * @param file the file being read
 * @param fileIndex its position, counted from 1
 * @param files how many files there are
 * @param bytesRead bytes of the file read so far (compressed bytes for a gzip file)
 * @param bytesTotal the file's size in bytes
 * @param requests requests read so far, over all files
 * @param unparsed lines that did not parse so far, over all files
 * @param done true on the last report of a file
 */
public record ReadProgress(
        String file,
        int fileIndex,
        int files,
        long bytesRead,
        long bytesTotal,
        long requests,
        long unparsed,
        boolean done) {

    /** The share of the current file read, 0 to 1. */
    public double fileShare() {
        return bytesTotal <= 0 ? 1 : Math.min(1, (double) bytesRead / bytesTotal);
    }
}

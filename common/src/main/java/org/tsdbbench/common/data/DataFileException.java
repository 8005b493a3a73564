package org.tsdbbench.common.data;

import java.nio.file.Path;

/** A data file that cannot be read as its workload's format; the message names file and line. A workload's own file errors extend it. */
public class DataFileException extends java.io.IOException {
    private static final long serialVersionUID = 1L;

    public DataFileException(Path file, long line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    public DataFileException(Path file, String problem) {
        super(file + ": " + problem);
    }
}

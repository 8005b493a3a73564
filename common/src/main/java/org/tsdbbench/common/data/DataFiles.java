package org.tsdbbench.common.data;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the data files live and which devices each holds: {@code testdata<i>.csv}, i from 0,
 * file i holding block i of the devices. The same names and order as the original tools.
 */
public final class DataFiles {

    private DataFiles() {
    }

    public static Path file(Path dataDir, int index) {
        return dataDir.resolve("testdata" + index + ".csv");
    }

    public static List<Path> all(Path dataDir, int numOfFiles) {
        List<Path> files = new ArrayList<>(numOfFiles);
        for (int i = 0; i < numOfFiles; i++) files.add(file(dataDir, i));
        return files;
    }

    /** The files client {@code client} of {@code clients} owns: whole files, contiguous, disjoint. */
    public static List<Path> forClient(Path dataDir, int numOfFiles, int client, int clients) {
        DeviceRange block = DeviceRange.part(numOfFiles, client, clients);
        List<Path> files = new ArrayList<>();
        for (int i = block.first(); i <= block.last(); i++) files.add(file(dataDir, i - 1));
        return files;
    }
}

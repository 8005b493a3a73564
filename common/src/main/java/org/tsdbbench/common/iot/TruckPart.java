package org.tsdbbench.common.iot;

import org.tsdbbench.common.data.Shard;

/**
 * The trucks of a TSBS file one client of one shard owns: whole trucks, by their number, so that
 * parts are disjoint and together hold every record. Truck t belongs to shard {@code t mod S} and,
 * within it, to client {@code (t div S) mod C}. A file's anonymous trucks (records without a name,
 * numbered past the named ones) all belong to the part of truck 0: a database may keep one of two
 * such records of a time ({@link TagModel}), and written by one client in file order, which one it
 * keeps is known.
 */
record TruckPart(Shard shard, int client, int clients) {

    TruckPart {
        if (clients < 1 || client < 0 || client >= clients) throw new IllegalArgumentException("client " + client + " of " + clients);
    }

    boolean owns(int truck) {
        if (truck >= FileTrucks.ANONYMOUS) truck = 0;
        return truck % shard.count() == shard.index() && (truck / shard.count()) % clients == client;
    }

    /** Whether this part is every truck. */
    boolean all() {
        return shard.whole() && clients == 1;
    }
}
